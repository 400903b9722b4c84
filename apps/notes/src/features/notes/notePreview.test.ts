import { isEmptyAfterSanitising, notePreview, notePreviewText } from './notePreview';

describe('notePreviewText', () => {
  it('keeps the line breaks of a plain-text note, at most one blank line in a row', () => {
    expect(
      notePreviewText('Maria - 05/03\nOlá &amp; bom dia\n\n\n\nVocê - 05/03\n  Claro!  '),
    ).toBe('Maria - 05/03\nOlá & bom dia\n\nVocê - 05/03\nClaro!');
  });

  it('reads an HTML note as one run of text', () => {
    expect(notePreviewText('<p>Primeira</p>\n<p>Segunda <b>linha</b></p>')).toBe(
      'Primeira Segunda linha',
    );
  });
});

describe('notePreview', () => {
  it('truncates a long imported note at 200 characters with its line breaks', () => {
    const imported = `Maria - 05/03 09:07\n${'a'.repeat(150)}\n\nVocê - 05/03 09:12\n${'b'.repeat(100)}`;
    const preview = notePreview(imported);
    expect(preview.truncated).toBe(true);
    if (!preview.truncated) return;
    expect(preview.text.startsWith(`Maria - 05/03 09:07\n${'a'.repeat(150)}\n\nVocê`)).toBe(true);
    expect(preview.text.endsWith('...')).toBe(true);
  });
});

describe('isEmptyAfterSanitising', () => {
  it('is true only when sanitising left nothing to read', () => {
    expect(isEmptyAfterSanitising('<script>alert(1)</script><iframe src="x"></iframe>')).toBe(true);
    expect(isEmptyAfterSanitising('<script>alert(1)</script>texto seguro')).toBe(false);
    expect(isEmptyAfterSanitising('')).toBe(false);
  });
});
