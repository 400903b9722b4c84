import { Formik } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '@crm-panel/contracts/router';
import styled from 'styled-components';
import {
  getErrorMessage,
  prepareSession,
  useCreateNote,
  useFetchQuery,
  userProfileQueryOptions,
} from '@crm-panel/api-client';
import { parseModalQuery } from '@crm-panel/contracts';
import { type ChatMessage, MESSAGES, type Note, NOTE_MAX_LENGTH } from '@crm-panel/crm-model';
import { formatChatImport } from '@crm-panel/format';
import { useHostForms } from '@crm-panel/host-bridge';
import { Alert, FormErrorBanner } from '@crm-panel/ui';
import {
  FormikFormActions,
  FormikFormLayout,
  FormikTextArea,
  ModalPage,
} from '@crm-panel/ui/form-kit';
import { useDealName } from '@notes/features/notes/hooks/useDealName';
import { NOTE_FORM_INITIAL_VALUES, type NoteFormValues, noteSchema } from '../noteSchema';
import { ChatImportPanel } from './ChatImportPanel';
import { type NoteSource, NoteSourceSwitch } from './NoteSourceSwitch';

const StyledBanners = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  scroll-margin-top: ${({ theme }) => theme.space[4]};
`;

/** /note-create-modal: a manual note or one imported from the chat (query dealId, dealName, userId, chatId, channelId). */
export function NoteCreatePage() {
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseModalQuery('note-create', params), [params]);
  const query = parsed.ok ? parsed.query : {};
  const dealId = query.dealId ?? null;
  const dealName = useDealName(dealId, query.dealName);
  const { closeForm, cancelForm } = useHostForms();
  const fetchQuery = useFetchQuery();
  const createNote = useCreateNote();

  const [source, setSource] = useState<NoteSource>('manual');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [importNotice, setImportNotice] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const bannersRef = useRef<HTMLDivElement>(null);

  // A hand-typed note calls the api only to save it: its session is earned while the person
  // types, so 'Salvar Nota' sends the note alone (one request per write).
  useEffect(() => {
    void prepareSession();
  }, []);

  // The banners sit above the form; after a save the person is usually scrolled down to the button.
  useEffect(() => {
    if (submitError || saved) bannersRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [submitError, saved]);

  const blockingError = !parsed.ok
    ? parsed.error
    : dealId === null
      ? MESSAGES.notes.dealIdMissing
      : null;

  /**
   * The note's author: the current user, from the query or else from the profile (which names no
   * CRM v2 user after a v1-token sign-in: no note can be written as anyone then).
   */
  const authorId = async (): Promise<string> => {
    const id = query.userId ?? (await fetchQuery(userProfileQueryOptions())).id;
    if (id === null) throw new Error(MESSAGES.profile.loadError);
    return id;
  };

  const submit = async (values: NoteFormValues) => {
    setSubmitError(null);
    if (dealId === null) {
      setSubmitError(MESSAGES.notes.dealIdMissing);
      return;
    }
    let userId: string;
    try {
      userId = await authorId();
    } catch (error) {
      setSubmitError(getErrorMessage(error, MESSAGES.profile.loadError));
      return;
    }
    let note: Note;
    try {
      note = await createNote.mutateAsync({
        dealId,
        payload: { description: values.content.trim(), user_id: userId },
      });
    } catch (error) {
      // Everything typed and ticked stays as it was: only the banner is added.
      setSubmitError(getErrorMessage(error, MESSAGES.notes.createError));
      return;
    }
    // As the task and product forms do: closed at once, the Notas tab says 'Nota criada com
    // sucesso!' (the spec sets no delay here); the banner shows while the host closes the form.
    setSaved(true);
    try {
      // The note itself goes back: the panel puts it on its timeline without reading it again.
      await closeForm({ success: true, updated: true, note });
    } catch (error) {
      // The note is saved; a host that fails to close its modal must not turn that into an error.
      console.error(error);
    }
  };

  return (
    <Formik<NoteFormValues>
      initialValues={NOTE_FORM_INITIAL_VALUES}
      validationSchema={noteSchema}
      onSubmit={submit}
    >
      {({ isSubmitting, values, setFieldValue }) => {
        const busy = isSubmitting || saved;
        const importMessages = (messages: ChatMessage[]) => {
          const imported = formatChatImport(messages);
          const current = values.content.trimEnd();
          void setFieldValue('content', current.trim() ? `${current}\n\n${imported}` : imported);
          setImportNotice(
            'Mensagens importadas para o texto da nota. Revise e edite antes de salvar.',
          );
          contentRef.current?.focus();
        };

        return (
          <ModalPage
            width="wide"
            onClose={cancelForm}
            title="Adicionar Nota"
            subtitle={dealName ? `Negociação: ${dealName}` : undefined}
          >
            <FormikFormLayout aria-label="Adicionar Nota">
              {blockingError || submitError || saved ? (
                <StyledBanners ref={bannersRef}>
                  <FormErrorBanner
                    message={blockingError ?? submitError}
                    onClose={blockingError ? undefined : () => setSubmitError(null)}
                  />
                  {saved ? <Alert tone="success">{MESSAGES.notes.createSuccess}</Alert> : null}
                </StyledBanners>
              ) : null}
              <NoteSourceSwitch value={source} onChange={setSource} disabled={busy} />
              {source === 'chat' ? (
                <ChatImportPanel
                  chatId={query.chatId ?? null}
                  channelId={query.channelId ?? null}
                  selectedIds={selectedIds}
                  onSelectedIdsChange={(ids) => {
                    setImportNotice(null);
                    setSelectedIds(ids);
                  }}
                  onImport={importMessages}
                  disabled={busy}
                />
              ) : null}
              {importNotice && source === 'chat' ? <Alert tone="info">{importNotice}</Alert> : null}
              <FormikTextArea
                ref={contentRef}
                name="content"
                label="Conteúdo da nota"
                required
                rows={8}
                characterLimit={NOTE_MAX_LENGTH}
                placeholder="Escreva a nota sobre esta negociação..."
                readOnly={busy}
              />
              <FormikFormActions
                submitLabel="Salvar Nota"
                submitDisabled={blockingError !== null}
                onCancel={() => void cancelForm()}
                done={saved}
              />
            </FormikFormLayout>
          </ModalPage>
        );
      }}
    </Formik>
  );
}
