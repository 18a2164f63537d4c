import { describe, expect, it } from 'vitest';
import { ERR } from '../../schema/messages.ts';
import { createApp } from '../app.ts';
import { openDb } from '../db/open.ts';
import { demoEmail, seedDemo } from '../seed/demo.ts';
import { seedStandards } from '../seed/standards.ts';
import { testApp, TEST_PASSWORD } from '../test/helpers.ts';
import { ROLES } from '../../schema/enums.ts';

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
});
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0];

describe('sign-in', () => {
  it('starts a session with an httpOnly, SameSite=Lax cookie and returns the user', async () => {
    const h = testApp();
    const res = await h.app.request('/api/login', json({ email: 'Director@Test.Local ', password: TEST_PASSWORD }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: 'director@test.local', role: 'director', firstName: 'Test' });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await h.app.request('/api/auth/user', { headers: { cookie: cookieOf(res) } });
    expect(await me.json()).toEqual({
      id: h.users.director.id, email: 'director@test.local', firstName: 'Test', lastName: 'director', role: 'director', profileImageUrl: null,
    });
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const h = testApp();
    const res = await h.app.request('/api/login', json({ email: 'director@test.local', password: TEST_PASSWORD }, { 'x-forwarded-proto': 'https' }));
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const h = testApp();
    const wrong = await h.app.request('/api/login', json({ email: 'director@test.local', password: 'nope-nope' }));
    const unknown = await h.app.request('/api/login', json({ email: 'who@test.local', password: 'nope-nope' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: ERR.badCredentials });
    expect(await unknown.json()).toEqual({ error: ERR.badCredentials });
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('validates the body', async () => {
    const h = testApp();
    const res = await h.app.request('/api/login', json({}));
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toHaveProperty('password');
    const garbage = await h.app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(garbage.status).toBe(400);
  });

  it('throttles repeated failures with 429 and Retry-After, even for the right password', async () => {
    const h = testApp();
    for (let i = 0; i < 5; i++) {
      expect((await h.app.request('/api/login', json({ email: 'director@test.local', password: 'bad-guess' }))).status).toBe(401);
    }
    const res = await h.app.request('/api/login', json({ email: 'director@test.local', password: TEST_PASSWORD }));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error).toBe(ERR.tooManyAttempts);
    // other accounts are not locked out by it
    expect((await h.app.request('/api/login', json({ email: 'student@test.local', password: TEST_PASSWORD }))).status).toBe(200);
  });

  it('gives a new session id at every sign-in and revokes the one the browser had', async () => {
    const h = testApp();
    const first = cookieOf(await h.app.request('/api/login', json({ email: 'director@test.local', password: TEST_PASSWORD })));
    const secondRes = await h.app.request('/api/login', { ...json({ email: 'director@test.local', password: TEST_PASSWORD }), headers: { 'content-type': 'application/json', cookie: first } });
    const second = cookieOf(secondRes);
    expect(second).not.toBe(first);
    expect((await h.app.request('/api/auth/user', { headers: { cookie: first } })).status).toBe(401);
    expect((await h.app.request('/api/auth/user', { headers: { cookie: second } })).status).toBe(200);
  });
});

describe('sign-out and sessions', () => {
  it('logout revokes the session server-side and sends the browser to /', async () => {
    const h = testApp();
    const cookie = await h.login('instructor');
    const res = await h.app.request('/api/logout', { headers: { cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect((await h.app.request('/api/auth/user', { headers: { cookie } })).status).toBe(401);
    expect((await h.app.request('/api/students', { headers: { cookie } })).status).toBe(401);
  });

  it('answers 401 Unauthorized signed out and for a forged cookie', async () => {
    const h = testApp();
    const res = await h.app.request('/api/auth/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: ERR.unauthorized });
    expect((await h.app.request('/api/auth/user', { headers: { cookie: 'sid=forged' } })).status).toBe(401);
  });

  it('GET /api/login sends the browser to the sign-in screen', async () => {
    const h = testApp();
    const res = await h.app.request('/api/login?next=/students');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fstudents');
    expect((await h.app.request('/api/login?next=//evil.example')).headers.get('location')).toBe('/login');
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request with a foreign Origin (403) and allows the same origin', async () => {
    const h = testApp();
    const cookie = await h.login('director');
    const body = { name: 'Skill', category: 'Airway', programType: 'ems', certificationLevel: 'emt' };
    const foreign = await h.as('director', 'POST', '/api/skills', body, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: ERR.foreignOrigin });
    const crossSite = await h.as('director', 'POST', '/api/skills', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const same = await h.app.request('http://localhost/api/skills', {
      method: 'POST', headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    expect(same.status).toBe(201);
    const loginFromElsewhere = await h.app.request('/api/login', json({ email: 'director@test.local', password: TEST_PASSWORD }, { origin: 'https://evil.example' }));
    expect(loginFromElsewhere.status).toBe(403);
  });

  it('sends security headers', async () => {
    const h = testApp();
    const res = await h.app.request('/api/auth/user');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('demo mode', () => {
  it('GET /api/demo/user is 404 outside demo mode', async () => {
    const h = testApp();
    expect((await h.app.request('/api/demo/user')).status).toBe(404);
  });

  it('seeds one account per role that can sign in, and the demo director route signs in', async () => {
    const db = openDb(':memory:');
    seedStandards(db);
    seedDemo(db, 'demo-pass-123');
    seedDemo(db, 'demo-pass-123');
    const app = createApp({ db, dataDir: '/tmp', demo: true });
    for (const role of ROLES) {
      const res = await app.request('/api/login', json({ email: demoEmail(role), password: 'demo-pass-123' }));
      expect(res.status, role).toBe(200);
      expect((await res.json()).role).toBe(role);
    }
    const demo = await app.request('/api/demo/user');
    expect(demo.status).toBe(200);
    expect((await demo.json()).email).toBe('director@demo.test');
    const students = await app.request('/api/students', { headers: { cookie: cookieOf(demo) } });
    expect((await students.json()).length).toBe(17);
  });

  it('GET /api/login drops a next that a browser would read as another site', async () => {
    const h = testApp();
    const hostile = ['/%5Cevil.example/phish', '/%09/evil.example', '/%0A/evil.example', '%20//evil.example', '/.//evil.example',
      '/%5C/evil.example', 'https:evil.example', 'javascript:alert(1)', 'http://evil.example/'];
    for (const next of hostile) {
      expect((await h.app.request(`/api/login?next=${next}`)).headers.get('location'), next).toBe('/login');
    }
    expect((await h.app.request('/api/login?next=/students/s1%3Ftab%3Dskills')).headers.get('location'))
      .toBe('/login?next=%2Fstudents%2Fs1%3Ftab%3Dskills');
  });
});
