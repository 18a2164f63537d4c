import { useEffect, useMemo, useState } from 'react';

import type { ClinicalSiteRoutes } from '#api/routes/clinical-sites/index.ts';
import type { Role } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { answer, apiClient } from '#web/lib/api.ts';

import { currentStudentsBySite } from './site-rules.ts';

const sitesApi = apiClient<ClinicalSiteRoutes>()['clinical-sites'];

/**
 * Current students per site. Roles that read every request have every placement on the device, so the count is
 * computed here and works offline. Other roles hold only their own students' requests: they take the server's
 * count (same rule) when online, and the partial local count only while offline.
 */
export function useCurrentStudents(
  role: Role,
  requests: DomainRows['requests'][] | undefined,
  students: DomainRows['students'][] | undefined,
  sites: DomainRows['clinicalSites'][] | undefined,
): Map<string, number> {
  const local = useMemo(
    () => currentStudentsBySite(requests ?? [], new Set((students ?? []).map((s) => s.id)), new Date()),
    [requests, students],
  );
  const complete = can(role, 'requests.readAll');
  const [server, setServer] = useState<Map<string, number> | null>(null);
  useEffect(() => {
    if (complete || !navigator.onLine) return;
    let live = true;
    answer(sitesApi.$get())
      .then((list) => live && setServer(new Map(list.map((s) => [s.id, s.currentStudents]))))
      // offline after all, or signed out (the sync engine handles that): the local count stands
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [complete, requests, sites]);
  return complete || !server ? local : server;
}
