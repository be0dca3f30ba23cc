import { useRouter } from '@tanstack/react-router';
import { ApiError } from '#/lib/api.ts';
import { CASH_SERVICE } from '#/shared/cash/api/cash-request.ts';

/**
 * GET /wallets/{id}/statements/{month}?format=csv as a file the browser saves. The API client reads JSON only,
 * so this one call fetches the text itself, with the same access token.
 */
export function useDownloadStatementCsv() {
  const router = useRouter();
  const { config, auth } = router.options.context;
  return async (walletId: string, month: string): Promise<void> => {
    const base = config.services[CASH_SERVICE] ?? '/api/cash-operations';
    const token = await auth.getAccessToken();
    let response: Response;
    try {
      response = await fetch(
        `${base}/wallets/${encodeURIComponent(walletId)}/statements/${month}?format=csv`,
        { headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      );
    } catch (error) {
      throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : 'Network Error');
    }
    if (!response.ok) {
      const payload = (await response.json().catch(() => undefined)) as
        { error?: { code?: string; message?: string } } | undefined;
      throw new ApiError(payload?.error?.code ?? 'INTERNAL', response.status, payload?.error?.message ?? '');
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `tessera-statement-${month}-${walletId}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
}
