/**
 * Where this shift's attempts happen (setting and site), remembered on this device for the signed-in user until the
 * day changes, so one tap logs an attempt with them.
 */
import { useState } from 'react';

import { ATTEMPT_SETTINGS, type AttemptSetting } from '#schema/enums.ts';

export interface ShiftSetting {
  setting: AttemptSetting;
  clinicalSiteId: string | null;
}

const keyOf = (userId: string) => `shift-setting:${userId}`;

/** A preceptor's shift is at a site; everyone else starts in the lab. */
export const defaultShift = (role: string): ShiftSetting => ({
  setting: role === 'preceptor' ? 'clinical' : 'lab',
  clinicalSiteId: null,
});

function readShift(userId: string, role: string, today: string): ShiftSetting {
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as (ShiftSetting & { day: string }) | null;
    if (saved?.day === today && (ATTEMPT_SETTINGS as readonly string[]).includes(saved.setting)) {
      return { setting: saved.setting, clinicalSiteId: saved.clinicalSiteId ?? null };
    }
  } catch {
    // an unreadable entry is as good as none
  }
  return defaultShift(role);
}

export function useShiftSetting(userId: string, role: string, today: string) {
  const [shift, setShift] = useState(() => readShift(userId, role, today));
  const change = (next: Partial<ShiftSetting>) => {
    const value = { ...shift, ...next };
    setShift(value);
    localStorage.setItem(keyOf(userId), JSON.stringify({ ...value, day: today }));
  };
  return [shift, change] as const;
}
