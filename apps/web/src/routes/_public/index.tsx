import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '#/features/public/components/home-page.tsx';

export const Route = createFileRoute('/_public/')({ component: HomePage });
