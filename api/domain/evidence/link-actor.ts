/** Who answers through a confirm link: no account; the audit entry's note names the preceptor and the address. */
export const LINK_ACTOR = { id: 'preceptor-link', role: 'preceptor', name: 'Preceptor, by confirm link' } as const;
