// Kept out of the main entry on purpose: a helper for naming the api's answers, not a type an
// app reads.

/**
 * What an answer of the api carries under its `data` (the `{ data }` envelope taken off), so a
 * named interface can extend it: `interface CrmUserChosen extends AnswerData<CrmUserChosenAnswer> {}`.
 */
export type AnswerData<TAnswer extends { data: object }> = TAnswer['data'];
