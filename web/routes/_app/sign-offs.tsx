import { createFileRoute } from '@tanstack/react-router';
import { SignOffsPage } from '../../features/sign-offs/sign-offs-page.tsx';

export const Route = createFileRoute('/_app/sign-offs')({ component: SignOffsPage });
