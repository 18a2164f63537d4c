import { createFileRoute } from '@tanstack/react-router';

import { MessagesPage } from '#web/features/messages/messages-page.tsx';

export const Route = createFileRoute('/_app/messages')({ component: MessagesPage });
