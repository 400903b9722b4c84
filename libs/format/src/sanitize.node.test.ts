/**
 * @jest-environment node
 */
import { htmlToText, sanitizeNoteHtml } from './sanitize';

describe('sanitizeNoteHtml without a DOM', () => {
  it('throws a clear error instead of returning unsanitised HTML', () => {
    expect(() => sanitizeNoteHtml('<script>alert(1)</script>')).toThrow(
      /need a DOM window \(browser or jsdom\)/,
    );
    expect(() => htmlToText('<p>x</p>')).toThrow(/need a DOM window/);
  });
});
