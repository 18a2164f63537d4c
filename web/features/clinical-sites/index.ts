/** What other screens use of Clinical Sites: site labels and whether a placement is current. */
export { fullAddress, isCurrentPlacement, programLabel, siteTypeLabel } from './site-rules.ts';
