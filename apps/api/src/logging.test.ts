import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import {
  linesTo,
  LOG_CENSOR,
  loggerOptions,
  OneLinePerRequest,
  redactLine,
  safeUrl,
} from './logging';

describe('redactLine', () => {
  it('writes a line that names no secret key as it is (the same text, not parsed again)', () => {
    const line =
      '{"level":30,"time":1,"reqId":"req-1","req":{"method":"GET","url":"/api/rdstation/deals/1"},"res":{"statusCode":200},"responseTime":1.25,"msg":"request completed"}\n';
    expect(redactLine(line)).toBe(line);
  });

  it('censors a secret key at the top, deep down and inside arrays, and keeps every other value', () => {
    const line = `${JSON.stringify({
      level: 40,
      token: 'segredo-1',
      body: {
        clientSecret: 'segredo-2',
        nested: { deeper: { still: { refresh_token: 'segredo-3', keep: 'visível' } } },
        list: [{ password: 'segredo-4' }, { tokens: 'não é uma chave secreta' }],
      },
      headers: { authorization: 'Bearer segredo-5', 'x-security-password': 'segredo-6' },
      msg: 'algo',
    })}\n`;
    expect(JSON.parse(redactLine(line))).toEqual({
      level: 40,
      token: LOG_CENSOR,
      body: {
        clientSecret: LOG_CENSOR,
        nested: { deeper: { still: { refresh_token: LOG_CENSOR, keep: 'visível' } } },
        list: [{ password: LOG_CENSOR }, { tokens: 'não é uma chave secreta' }],
      },
      headers: { authorization: LOG_CENSOR, 'x-security-password': LOG_CENSOR },
      msg: 'algo',
    });
    expect(redactLine(line).endsWith('}\n')).toBe(true);
  });

  it('keeps a line whose secret key names appear only inside text', () => {
    const line = `${JSON.stringify({ msg: 'o campo "token": não foi enviado' })}\n`;
    expect(redactLine(line)).toBe(line);
  });

  it('writes nothing of a line it cannot read', () => {
    expect(redactLine('{"token": "segredo"')).toBe(`{"msg":"${LOG_CENSOR}"}\n`);
  });
});

describe('the api logger (loggerOptions)', () => {
  async function appWithLines() {
    const lines: string[] = [];
    const app = Fastify({
      logger: loggerOptions({ level: 'info', destination: { write: (line) => lines.push(line) } }),
      logController: new OneLinePerRequest(),
    });
    app.get('/api/coisa', async (request) => {
      request.log.warn(
        { body: { securityPassword: 'senha-secreta', items: [{ access_token: 'tok-secreto' }] } },
        'aviso',
      );
      return { ok: true };
    });
    await app.ready();
    return { app, lines };
  }

  it('censors secrets in what a route logs, and writes the request line as it is', async () => {
    const { app, lines } = await appWithLines();
    try {
      const answer = await app.inject({
        method: 'GET',
        url: '/api/coisa?code=codigo-secreto',
        headers: { authorization: 'Bearer nao-aparece' },
      });
      expect(answer.statusCode).toBe(200);
      const text = lines.join('');
      for (const secret of ['senha-secreta', 'tok-secreto', 'codigo-secreto', 'nao-aparece'])
        expect(text).not.toContain(secret);
      const [warning, completed] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(warning).toMatchObject({
        level: 40,
        msg: 'aviso',
        body: { securityPassword: LOG_CENSOR, items: [{ access_token: LOG_CENSOR }] },
      });
      expect(completed).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: safeUrl('/api/coisa?code=codigo-secreto') },
        res: { statusCode: 200 },
      });
      expect(completed?.req).toEqual({
        method: 'GET',
        url: '/api/coisa?code=%5BRedacted%5D',
        remoteAddress: '127.0.0.1',
      });
      expect(lines).toHaveLength(2);
    } finally {
      await app.close();
    }
  });

  it('writes to process.stdout, through one destination for the process, unless one is given', () => {
    const destination = { write: () => undefined };
    expect(loggerOptions({ level: 'info', destination })).toMatchObject({ stream: destination });
    const first = loggerOptions({ level: 'info' });
    const second = loggerOptions({ level: 'warn' });
    const stream = typeof first === 'object' ? first.stream : null;
    expect(stream).toBe(typeof second === 'object' ? second.stream : undefined);
    const written = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      stream?.write('{"msg":"linha"}\n');
      expect(written.mock.calls).toEqual([['{"msg":"linha"}\n']]);
    } finally {
      written.mockRestore();
    }
  });

  it('drops lines once the reader of its stream is gone (EPIPE), and fails on other errors', () => {
    const written: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => written.push(chunk.toString('utf8')));
    const lines = linesTo(stream);
    lines.write('um\n');
    const broken = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    stream.emit('error', broken);
    lines.write('dois\n');
    expect(written).toEqual(['um\n']);
    const other = Object.assign(new Error('write EIO'), { code: 'EIO' });
    expect(() => stream.emit('error', other)).toThrow('write EIO');
  });

  it('is no logger at all when logging is off', () => {
    expect(loggerOptions(false)).toBe(false);
  });
});
