import { createFileRoute } from '@tanstack/react-router';
import { DownloadPage } from '#/features/public/components/download-page.tsx';

export const Route = createFileRoute('/app/download/')({ component: DownloadPage });
