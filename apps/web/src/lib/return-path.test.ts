import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathAfterLogin } from './return-path';

describe('return path after a new login', () => {
  it('/login carries the page with its query and hash', () => {
    const path = loginPathFor({ pathname: '/parts/result', search: '?keyword=A%20000&t=1', hash: '#top' });
    expect(path).toBe('/login?redirect=%2Fparts%2Fresult%3Fkeyword%3DA%2520000%26t%3D1%23top');
    expect(returnPathAfterLogin(path.slice('/login'.length))).toBe('/parts/result?keyword=A%20000&t=1#top');
  });

  it('the start page and the login screens carry nothing', () => {
    for (const pathname of ['/', '/home', '/login', '/bind_wx']) expect(loginPathFor({ pathname })).toBe('/login');
  });

  it('goes to /home without a return path or with one that leaves the shop', () => {
    for (const search of [
      '',
      '?redirect=',
      '?redirect=https%3A%2F%2Fevil.example',
      '?redirect=%2F%2Fevil.example%2Fx',
      '?redirect=%2F%5Cevil.example',
      '?redirect=javascript%3Aalert(1)',
      '?redirect=%2Flogin%3Fredirect%3D%252Fhome',
    ]) {
      expect(returnPathAfterLogin(search), search).toBe('/home');
    }
  });
});
