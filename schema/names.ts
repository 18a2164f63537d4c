/** How people and roles are written on screen (no zod here: the app's first screen imports it). */
export const roleDisplay = (role: string) => role.replace(/_/g, ' ');
export const initials = (firstName?: string | null, lastName?: string | null) =>
  `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase() || '?';
