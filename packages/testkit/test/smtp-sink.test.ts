import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../src/index.ts';

describe('SMTP sink', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('receives a message over SMTP and parses text, HTML and the envelope', async () => {
    const transport = createTransport(sink.url);
    const waiting = sink.waitForMail({ to: 'Ann@Example.com' });
    await transport.sendMail({
      from: 'Hound <no-reply@hound.test>',
      to: 'ann@example.com',
      subject: 'Your code',
      text: 'Code: 123456',
      html: '<p>Code: <b>123456</b></p>',
    });
    const mail = await waiting;
    expect(mail.from).toBe('no-reply@hound.test');
    expect(mail.to).toEqual(['ann@example.com']);
    expect(mail.subject).toBe('Your code');
    expect(mail.text.trim()).toBe('Code: 123456');
    expect(mail.html).toContain('<b>123456</b>');
    transport.close();
  });

  it('waits only for messages after a given count and times out otherwise', async () => {
    const before = sink.mails().length;
    await expect(sink.waitForMail({ to: 'ann@example.com', after: before }, 200)).rejects.toThrow(/no mail/);
    const transport = createTransport(sink.url);
    await transport.sendMail({ from: 'a@hound.test', to: 'bob@example.com', subject: 'Second', text: 'x' });
    const mail = await sink.waitForMail({ subject: /^Sec/, after: before });
    expect(mail.to).toEqual(['bob@example.com']);
    transport.close();
  });

  it('can play a relay that never answers: the client hears nothing until it gives up, then recovers', async () => {
    sink.setSilent(true);
    const transport = createTransport({ url: sink.url, greetingTimeout: 300 });
    const started = Date.now();
    await expect(
      transport.sendMail({ from: 'a@hound.test', to: 'cy@example.com', subject: 'Silent', text: 'x' }),
    ).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(sink.silentConnections()).toBe(1);
    sink.setSilent(false);
    const before = sink.mails().length;
    await transport.sendMail({ from: 'a@hound.test', to: 'cy@example.com', subject: 'Heard', text: 'x' });
    expect((await sink.waitForMail({ subject: 'Heard', after: before })).to).toEqual(['cy@example.com']);
    transport.close();
  });
});
