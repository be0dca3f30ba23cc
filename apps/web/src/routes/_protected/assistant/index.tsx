import { createFileRoute } from '@tanstack/react-router';
import { AssistantPage } from '#/features/assistant/components/assistant-page.tsx';

export const Route = createFileRoute('/_protected/assistant/')({ component: AssistantPage });
