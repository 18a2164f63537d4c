import { createFileRoute } from '@tanstack/react-router';

import { SignOffsPage } from '#web/features/sign-offs/sign-offs-page.tsx';

export const Route = createFileRoute('/_app/sign-offs')({ component: SignOffsPage });
