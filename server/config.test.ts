import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('PUBLIC_ORIGIN', () => {
  it('defaults to http on the listening port, so npm start and the demo hosts work as they are', () => {
    expect(loadConfig({}).PUBLIC_ORIGIN).toBe('http://{host}:3000');
    expect(loadConfig({ PORT: '3212' }).PUBLIC_ORIGIN).toBe('http://{host}:3212');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://{host}/' }).PUBLIC_ORIGIN).toBe('https://{host}');
  });

  it('refuses values that are not an origin with the site host in it', () => {
    for (const bad of ['https://example.com', 'https://{host}/mail', 'ftp://{host}', '{host}', 'https://{host}?x=1']) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});
