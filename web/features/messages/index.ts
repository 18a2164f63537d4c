export { unreadCount } from './unread.ts';
