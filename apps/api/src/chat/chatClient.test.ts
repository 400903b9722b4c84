import { chatOrigin } from './chatClient';

describe('chatOrigin', () => {
  it.each([
    ['chat.example.com', 'https://chat.example.com'],
    ['  chat.example.com/qualquer ', 'https://chat.example.com'],
    ['http://127.0.0.1:4300', 'http://127.0.0.1:4300'],
    ['https://chat.example.com:8443/base', 'https://chat.example.com:8443'],
  ])('%s → %s', (domain, origin) => {
    expect(chatOrigin(domain)).toBe(origin);
  });

  it.each(['', 'ftp://files.example.com', 'http://user:pass@host', 'javascript://x'])(
    'refuses %j',
    (domain) => {
      expect(chatOrigin(domain)).toBeNull();
    },
  );
});
