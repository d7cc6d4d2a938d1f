import { describe, expect, it } from 'vitest';
import { redirectTarget, sameOriginPath } from './redirect-target';

const origin = 'http://localhost:3000';

describe('sameOriginPath', () => {
  it('keeps local paths with their query and fragment', () => {
    expect(sameOriginPath('/members?page=2#top', origin)).toBe('/members?page=2#top');
    expect(sameOriginPath('/members/12/chat', origin)).toBe('/members/12/chat');
    expect(sameOriginPath('http://localhost:3000/likes', origin)).toBe('/likes');
  });

  it('refuses every target a browser would resolve to another origin', () => {
    for (const target of [
      '/\t/evil.example',
      decodeURIComponent('/%09/evil.example'),
      '/\n/evil.example',
      '/\r\n/evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      ' //evil.example',
      'https://evil.example/',
      'http://localhost:3001/',
      'https://localhost:3000/',
      'javascript:alert(1)',
      'data:text/html,x',
      'http://localhost:3000@evil.example/',
    ]) {
      expect(sameOriginPath(target, origin), JSON.stringify(target)).toBeNull();
    }
  });

  it('never returns a path a browser reads as another host', () => {
    expect(sameOriginPath('/.//evil.example', origin)).toBe('/evil.example');
    expect(sameOriginPath('/x/..//evil.example', origin)).toBe('/evil.example');
  });

  it('falls back for missing, empty and malformed targets', () => {
    expect(redirectTarget(null, origin, '/')).toBe('/');
    expect(redirectTarget('', origin, '/')).toBe('/');
    expect(redirectTarget('http://[', origin, '/home')).toBe('/home');
    expect(redirectTarget('/\t/evil.example', origin, '/')).toBe('/');
    expect(redirectTarget('/settings', origin, '/')).toBe('/settings');
  });
});
