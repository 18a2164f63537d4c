/** What the Requests screen uses of Request Management: requests as the tables show them, and when one was sent. */
export { type RequestView, toRequestViews } from './request-views.ts';
export { submittedAgo } from './submitted-time.ts';
