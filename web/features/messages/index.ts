export { unreadCount } from './message-rules.ts';
