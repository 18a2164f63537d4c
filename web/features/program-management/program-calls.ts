/** The program screen's calls, through the typed clients of the program, DOR and task-book routes. */
import type { InferRequestType } from 'hono/client';

import type { DorRoutes } from '#api/routes/dors/index.ts';
import type { ProgramRoutes } from '#api/routes/programs/index.ts';
import type { TaskBookRoutes } from '#api/routes/task-books/index.ts';
import { apiClient } from '#web/lib/api.ts';

export const programsApi = apiClient<ProgramRoutes>().programs;
export const dorSettingsApi = apiClient<DorRoutes>().programs[':id']['dor-settings'];
export const taskBookRulesApi = apiClient<TaskBookRoutes>().programs[':id']['task-book-rules'];

/** What each settings editor sends: the route's body, so it cannot drift from the command's arguments. */
export type RequirementsBody = InferRequestType<(typeof programsApi)[':id']['requirements']['$put']>['json'];
export type DorSettingsBody = InferRequestType<typeof dorSettingsApi.$put>['json'];
export type TaskBookRulesBody = InferRequestType<typeof taskBookRulesApi.$put>['json'];
