/**
 * Live identity verification: while a customer is on the dashboard, user management's websocket
 * (/api/user-management/ws, packages/contracts kyc-verification.ts) says `kyc.updated` whenever a reviewer decides
 * or the level changes; the application, the profile (/me: level, status and limits, which the home prompt and
 * this page show) and cash operations' limits are read again, so an approval raises the limits without a reload.
 * Connection, authentication and reconnection are lib/customer-socket.ts, as for cash and trading.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { KycServerMessage, RuntimeConfig } from '@tessera/contracts';
import type { AuthAdapter } from '#/lib/auth.ts';
import { connectCustomerSocket, serviceSocketUrl } from '#/lib/customer-socket.ts';
import { cashKeys } from '#/shared/cash/api/cash-request.ts';
import { customerProfileKey } from '#/shared/onboarding/customer-profile.ts';
import { kycApplicationKey } from '../api/kyc-application.ts';

function refreshVerification(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: kycApplicationKey });
  void queryClient.invalidateQueries({ queryKey: customerProfileKey });
  void queryClient.invalidateQueries({ queryKey: cashKeys.limits() });
}

/** Opens user management's socket and keeps it open until the returned function is called. */
export function connectKycLiveUpdates(
  config: RuntimeConfig,
  auth: AuthAdapter,
  queryClient: QueryClient,
): () => void {
  const base = config.services['userManagement'] ?? '/api/user-management';
  return connectCustomerSocket<KycServerMessage>(() => serviceSocketUrl(base, window.location), auth, {
    // A decision taken while this socket was not listening is read now.
    onReady: (reconnected) => {
      if (reconnected) {
        refreshVerification(queryClient);
      }
    },
    onMessage: (message) => {
      if (message.type === 'kyc.updated') {
        refreshVerification(queryClient);
      }
    },
  });
}

/** Keeps the socket open while the calling component is mounted (the dashboard layout route). */
export function useKycLiveUpdates(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { config, auth } = router.options.context;
  useEffect(() => connectKycLiveUpdates(config, auth, queryClient), [config, auth, queryClient]);
}
