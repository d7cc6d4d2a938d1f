import { describe, expect, it } from 'vitest';
import { readForm } from './form-body';

const post = (body: string, contentType?: string) => new Request('http://localhost/login', { method: 'POST', body, headers: contentType ? { 'content-type': contentType } : {} });

async function statusOf(promise: Promise<unknown>): Promise<number | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe('readForm', () => {
  it('reads a form', async () => {
    const form = await readForm(post('email=a%40b.test&password=x', 'application/x-www-form-urlencoded'));
    expect(form.get('email')).toBe('a@b.test');
  });

  it('answers a body that is no form with a 4xx, not a throwing parser', async () => {
    expect(await statusOf(readForm(post('{"email":1}', 'application/json')))).toBe(415);
    expect(await statusOf(readForm(post('garbage', 'multipart/form-data; boundary=x')))).toBe(415);
    expect(await statusOf(readForm(post('email=a')))).toBe(415);
  });

  it('refuses a NUL character in a name or value', async () => {
    expect(await statusOf(readForm(post('email=a%00b', 'application/x-www-form-urlencoded')))).toBe(400);
    expect(await statusOf(readForm(post('a%00=1', 'application/x-www-form-urlencoded')))).toBe(400);
  });
});
