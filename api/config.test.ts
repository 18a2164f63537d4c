import { describe, expect, it } from 'vitest';

import { readConfig } from './config.ts';

describe('demo mode off this computer', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'records.example'])(
    'refuses HOST=%s with the published demo password, and says why',
    (host) => {
      for (const password of [undefined, '', 'demo-password']) {
        expect(() => readConfig({ DEMO: '1', HOST: host, DEMO_PASSWORD: password }), String(password)).toThrow(
          `DEMO=1 with HOST=${host} would let anyone who can reach this address sign in as the demo director`,
        );
      }
      expect(() => readConfig({ HOST: host })).toThrow('Set DEMO_PASSWORD to a password of your own');
    },
  );

  it("starts with a password of the operator's own, or with demo mode off", () => {
    expect(readConfig({ HOST: '0.0.0.0', DEMO_PASSWORD: 'a long own phrase' })).toMatchObject({
      demo: true,
      demoPassword: 'a long own phrase',
    });
    expect(readConfig({ HOST: '0.0.0.0', DEMO: '0' })).toMatchObject({ demo: false });
  });

  it.each(['127.0.0.1', '127.0.1.1', '::1', 'localhost'])('keeps the ready-to-try demo on loopback HOST=%s', (host) => {
    expect(readConfig({ HOST: host })).toMatchObject({ demo: true, demoPassword: 'demo-password' });
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set to 1, and refuses anything but 1 or 0', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY must be 1 or 0, got "yes"');
  });
});
