import { describe, expect, it } from 'vitest';

import { ROLES } from '#schema/enums.ts';
import { ERR } from '#schema/messages.ts';

import { type App, createApp } from '../app.ts';
import { openDb } from '../db/open.ts';
import { demoEmail, seedDemo } from '../seed/demo.ts';
import { MEDICAL_DIRECTOR_EMAIL } from '../seed/demo-portfolio.ts';
import { POLICE_DEMO_EMAILS } from '../seed/police-demo.ts';
import { seedStandards } from '../seed/standards.ts';
import { SAME_ORIGIN, TEST_PASSWORD, testApp } from '../test/helpers.ts';
import { SIGN_IN_RULES } from './throttle.ts';

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0];
/** What @hono/node-server hands the app for a request from `address`; `app.request` alone has no socket. */
const socket = (address: string) => ({
  incoming: { socket: { remoteAddress: address, remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4' } },
});
const signInFrom = (app: App, address: string, email: string, password: string, headers: Record<string, string> = {}) =>
  app.request('/api/login', json({ email, password }, headers), socket(address));

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
      id: h.users.director.id,
      email: 'director@test.local',
      firstName: 'Test',
      lastName: 'director',
      role: 'director',
      profileImageUrl: null,
    });
  });

  it('marks the cookie Secure over HTTPS, and behind a trusted proxy that says it took HTTPS', async () => {
    const h = testApp();
    const direct = await h.app.request(
      'https://localhost/api/login',
      json({ email: 'director@test.local', password: TEST_PASSWORD }),
    );
    expect(direct.headers.get('set-cookie')).toMatch(/Secure/);
    const proxied = testApp({ trustProxy: true });
    const res = await proxied.app.request(
      '/api/login',
      json({ email: 'director@test.local', password: TEST_PASSWORD }, { 'x-forwarded-proto': 'https' }),
    );
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY: anyone can send it', async () => {
    const h = testApp();
    const res = await h.app.request(
      '/api/login',
      json({ email: 'director@test.local', password: TEST_PASSWORD }, { 'x-forwarded-proto': 'https' }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/);
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
    const garbage = await h.app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(garbage.status).toBe(400);
  });

  it('throttles repeated failures with 429 and Retry-After, even for the right password', async () => {
    const h = testApp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await h.app.request('/api/login', json({ email: 'director@test.local', password: 'bad-guess' }))).status,
      ).toBe(401);
    }
    const res = await h.app.request('/api/login', json({ email: 'director@test.local', password: TEST_PASSWORD }));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error).toMatch(
      new RegExp(`^${ERR.tooManyAttempts} Try again in \\d+ (second|minute)s?\\.$`),
    );
    // other accounts are not locked out by it
    expect(
      (await h.app.request('/api/login', json({ email: 'student@test.local', password: TEST_PASSWORD }))).status,
    ).toBe(200);
  });

  it('gives a new session id at every sign-in and revokes the one the browser had', async () => {
    const h = testApp();
    const first = cookieOf(
      await h.app.request('/api/login', json({ email: 'director@test.local', password: TEST_PASSWORD })),
    );
    const secondRes = await h.app.request(
      '/api/login',
      json({ email: 'director@test.local', password: TEST_PASSWORD }, { ...SAME_ORIGIN, cookie: first }),
    );
    const second = cookieOf(secondRes);
    expect(second).not.toBe(first);
    expect((await h.app.request('/api/auth/user', { headers: { cookie: first } })).status).toBe(401);
    expect((await h.app.request('/api/auth/user', { headers: { cookie: second } })).status).toBe(200);
  });
});

describe('sign-in throttling by client address', () => {
  const VICTIM = 'director@test.local';

  it('five bad passwords from one address hold back that address only, not the account owner elsewhere', async () => {
    const h = testApp();
    for (let i = 0; i < 5; i++) expect((await signInFrom(h.app, '203.0.113.9', VICTIM, 'bad-guess')).status).toBe(401);
    const attacker = await signInFrom(h.app, '203.0.113.9', VICTIM, 'bad-guess');
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signInFrom(h.app, '198.51.100.7', VICTIM, TEST_PASSWORD)).status).toBe(200);
  });

  it('a hundred failures from twenty addresses do not keep the owner out of their account', async () => {
    const h = testApp();
    for (let i = 0; i < SIGN_IN_RULES.accountCeiling; i++)
      expect((await signInFrom(h.app, `203.0.113.${i % 20}`, VICTIM, 'bad-guess')).status).toBe(401);
    expect((await signInFrom(h.app, '203.0.113.1', VICTIM, TEST_PASSWORD)).status).toBe(429);
    expect((await signInFrom(h.app, '198.51.100.7', VICTIM, TEST_PASSWORD)).status).toBe(200);
  });

  it('thirty failures from one client do not lock out the others', async () => {
    const h = testApp();
    for (let i = 0; i < 30; i++)
      expect((await signInFrom(h.app, '203.0.113.9', `nobody${i}@test.local`, 'bad-guess')).status).toBe(401);
    expect((await signInFrom(h.app, '198.51.100.7', 'student@test.local', TEST_PASSWORD)).status).toBe(200);
  });

  it('a client cannot escape its address ceiling by writing a new X-Forwarded-For each time', async () => {
    const h = testApp();
    for (let i = 0; i < SIGN_IN_RULES.addressCeiling; i++) {
      const res = await signInFrom(h.app, '203.0.113.9', `nobody${i}@test.local`, 'bad-guess', {
        'x-forwarded-for': `10.1.${i}.1`,
      });
      expect(res.status).toBe(401);
    }
    const res = await signInFrom(h.app, '203.0.113.9', 'student@test.local', TEST_PASSWORD, {
      'x-forwarded-for': '10.9.9.9',
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error).toMatch(
      new RegExp(`^${ERR.tooManyAttempts} Try again in \\d+ (second|minute)s?\\.$`),
    );
  });

  it('behind a trusted proxy, counts the address the proxy appended, not what the client wrote before it', async () => {
    const h = testApp({ trustProxy: true });
    const proxy = '127.0.0.1';
    for (let i = 0; i < 5; i++) {
      expect(
        (await signInFrom(h.app, proxy, VICTIM, 'bad-guess', { 'x-forwarded-for': `10.2.${i}.1, 203.0.113.9` })).status,
      ).toBe(401);
    }
    expect(
      (await signInFrom(h.app, proxy, VICTIM, 'bad-guess', { 'x-forwarded-for': '10.3.0.1, 203.0.113.9' })).status,
    ).toBe(429);
    expect(
      (await signInFrom(h.app, proxy, VICTIM, TEST_PASSWORD, { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' }))
        .status,
    ).toBe(200);
  });
});

describe('the session probe', () => {
  it('answers who is signed in, and a signed-out or revoked visitor with null rather than an error', async () => {
    const h = testApp();
    const probe = async (headers: Record<string, string> = {}) => {
      const res = await h.app.request('/api/auth/session', { headers });
      expect(res.status).toBe(200);
      return ((await res.json()) as { user: { role: string } | null }).user;
    };
    expect(await probe()).toBeNull();
    const cookie = await h.login('student');
    expect(await probe({ cookie })).toMatchObject({ role: 'student', email: 'student@test.local' });
    await h.app.request('/api/logout', { headers: { cookie } });
    expect(await probe({ cookie })).toBeNull();
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

  it('signs out by POST from the app, and refuses a sign-out posted from another site', async () => {
    const h = testApp();
    const cookie = await h.login('instructor');
    const crossSite = await h.app.request('/api/logout', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect((await h.app.request('/api/auth/user', { headers: { cookie } })).status).toBe(200);
    const res = await h.app.request('/api/logout', { method: 'POST', headers: { cookie, ...SAME_ORIGIN } });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^sid=;/);
    expect((await h.app.request('/api/auth/user', { headers: { cookie } })).status).toBe(401);
  });

  it('GET /api/logout signs no one out when the browser says another site started it', async () => {
    const h = testApp();
    const cookie = await h.login('instructor');
    for (const site of ['cross-site', 'same-site']) {
      const res = await h.app.request('/api/logout', { headers: { cookie, 'sec-fetch-site': site } });
      expect(res.status, site).toBe(403);
      expect(await res.json()).toEqual({ error: ERR.foreignOrigin });
    }
    expect((await h.app.request('/api/auth/user', { headers: { cookie } })).status).toBe(200);
    const typed = await h.app.request('/api/logout', { headers: { cookie, 'sec-fetch-site': 'none' } });
    expect(typed.status).toBe(302);
    expect((await h.app.request('/api/auth/user', { headers: { cookie } })).status).toBe(401);
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

  it('GET /api/login drops a next that a browser would read as another site', async () => {
    const h = testApp();
    const hostile = [
      '/%5Cevil.example/phish',
      '/%09/evil.example',
      '/%0A/evil.example',
      '%20//evil.example',
      '/.//evil.example',
      '/%5C/evil.example',
      'https:evil.example',
      'javascript:alert(1)',
      'http://evil.example/',
    ];
    for (const next of hostile) {
      expect((await h.app.request(`/api/login?next=${next}`)).headers.get('location'), next).toBe('/login');
    }
    expect((await h.app.request('/api/login?next=/students/s1%3Ftab%3Dskills')).headers.get('location')).toBe(
      '/login?next=%2Fstudents%2Fs1%3Ftab%3Dskills',
    );
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
      method: 'POST',
      headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(same.status).toBe(201);
    const loginFromElsewhere = await h.app.request(
      '/api/login',
      json({ email: 'director@test.local', password: TEST_PASSWORD }, { origin: 'https://evil.example' }),
    );
    expect(loginFromElsewhere.status).toBe(403);
  });

  it('refuses a signed-in write that says neither where it started nor that it is same-origin, and changes nothing', async () => {
    const h = testApp();
    const cookie = await h.login('director');
    const before = await (await h.as('director', 'GET', '/api/skills')).json();
    const body = { name: 'Unmarked', category: 'Airway', programType: 'ems', certificationLevel: 'emt' };
    const unmarked = await h.app.request('/api/skills', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(unmarked.status).toBe(403);
    expect(await unmarked.json()).toEqual({ error: ERR.foreignOrigin });
    for (const site of ['same-site', 'none']) {
      expect((await h.as('director', 'POST', '/api/skills', body, { 'sec-fetch-site': site })).status, site).toBe(403);
    }
    expect((await h.as('director', 'POST', '/api/skills', body, { origin: 'null' })).status).toBe(403);
    expect(await (await h.as('director', 'GET', '/api/skills')).json()).toEqual(before);
    // a client that is not a browser signs in with neither header, then names the origin like a browser would
    const signIn = await h.app.request(
      '/api/login',
      json({ email: 'administration@test.local', password: TEST_PASSWORD }),
    );
    expect(signIn.status).toBe(200);
    const script = await h.app.request('/api/skills', {
      ...json(body, { cookie: cookieOf(signIn), origin: 'http://localhost' }),
    });
    expect(script.status).toBe(201);
  });

  it('reads the host from X-Forwarded-Host only behind a trusted proxy', async () => {
    const body = { name: 'Forwarded', category: 'Airway', programType: 'ems', certificationLevel: 'emt' };
    const h = testApp();
    const spoofed = await h.as('director', 'POST', '/api/skills', body, {
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'sec-fetch-site': 'same-origin',
    });
    expect(spoofed.status).toBe(403);
    const proxied = testApp({ trustProxy: true, publicUrl: 'https://records.example' });
    const proxyHeaders = {
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'records.example',
      'x-forwarded-proto': 'https',
    };
    expect(
      (
        await proxied.as('director', 'POST', '/api/skills', body, {
          ...proxyHeaders,
          origin: 'https://records.example',
        })
      ).status,
    ).toBe(201);
    expect(
      (await proxied.as('director', 'POST', '/api/skills', body, { ...proxyHeaders, origin: 'http://127.0.0.1:3000' }))
        .status,
    ).toBe(403);
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
    const demo = await app.request('/api/demo/user', {}, socket('127.0.0.1'));
    expect(demo.status).toBe(200);
    expect((await demo.json()).email).toBe('director@demo.test');
    const students = await app.request('/api/students', { headers: { cookie: cookieOf(demo) } });
    // 17 in the EMS, fire and police academies, the graduate-ready paramedic, the police field training recruit and
    // the fire candidate
    expect((await students.json()).length).toBe(20);
    for (const [email, role] of [
      [MEDICAL_DIRECTOR_EMAIL, 'director'],
      [POLICE_DEMO_EMAILS.recruit, 'student'],
      [POLICE_DEMO_EMAILS.fto, 'preceptor'],
      [POLICE_DEMO_EMAILS.supervisor, 'instructor'],
    ]) {
      const res = await app.request('/api/login', json({ email, password: 'demo-pass-123' }));
      expect((await res.json()).role, email).toBe(role);
    }
  });

  it('hands the demo director session only to a client on this computer', async () => {
    const db = openDb(':memory:');
    seedStandards(db);
    seedDemo(db, 'demo-pass-123');
    const app = createApp({ db, dataDir: '/tmp', demo: true });
    const proxied = createApp({ db, dataDir: '/tmp', demo: true, trustProxy: true });
    const refused: [string, Response | Promise<Response>][] = [
      ['another computer', app.request('/api/demo/user', {}, socket('192.168.1.20'))],
      ['another computer over IPv6', app.request('/api/demo/user', {}, socket('2001:db8::7'))],
      ['no socket', app.request('/api/demo/user')],
      [
        'a proxy on this computer',
        app.request('/api/demo/user', { headers: { 'x-forwarded-for': '192.168.1.20' } }, socket('127.0.0.1')),
      ],
      [
        'a trusted proxy relaying another computer',
        proxied.request(
          '/api/demo/user',
          { headers: { 'x-forwarded-for': '127.0.0.1, 192.168.1.20' } },
          socket('127.0.0.1'),
        ),
      ],
    ];
    for (const [who, pending] of refused) {
      const res = await pending;
      expect(res.status, who).toBe(404);
      expect(res.headers.get('set-cookie'), who).toBeNull();
    }
    for (const address of ['127.0.0.1', '127.0.1.1', '::1', '::ffff:127.0.0.1']) {
      expect((await app.request('/api/demo/user', {}, socket(address))).status, address).toBe(200);
    }
    expect(
      (
        await proxied.request(
          '/api/demo/user',
          { headers: { 'x-forwarded-for': '192.168.1.20, 127.0.0.1' } },
          socket('127.0.0.1'),
        )
      ).status,
    ).toBe(200);
  });
});
