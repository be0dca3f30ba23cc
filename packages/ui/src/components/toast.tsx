import clsx from 'clsx';
import { Toast as RadixToast } from 'radix-ui';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { AlertIcon, CloseIcon, InfoIcon, SuccessIcon } from '../icons';
import { Button } from './button';
import { IconButton } from './icon-button';

/** The tone of a toast. Danger toasts interrupt (assertive); the others wait for a pause (polite). */
export type ToastTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

/** What {@link useToast}'s `show` takes. Strings arrive translated. */
export interface ToastOptions {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** How long it stays, in ms. Default: the provider's. */
  durationMs?: number;
  /** One action ("Undo"). altText tells screen reader users how to do it without the toast. */
  action?: { label: string; altText: string; onAction: () => void };
}

/** What {@link useToast} returns. */
export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (options: ToastOptions) => string;
  /** Closes a toast early. */
  dismiss: (id: string) => void;
}

interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Props of {@link ToastProvider}. */
export interface ToastProviderProps {
  children: ReactNode;
  /** Read before each toast by screen readers ("Notification"). */
  label: string;
  /** The landmark name of the toast region; `{hotkey}` is replaced by the shortcut ("Notifications ({hotkey})"). */
  viewportLabel: string;
  /** The accessible name of each toast's close button ("Close"). */
  closeLabel: string;
  /** Default time on screen, in ms. Default 5000. */
  durationMs?: number;
  /** Toasts kept at once; the oldest go first. Default 4. */
  visibleCountMax?: number;
}

const TONE_ICONS: Record<ToastTone, ReactNode> = {
  neutral: null,
  info: <InfoIcon size={20} />,
  success: <SuccessIcon size={20} />,
  warning: <AlertIcon size={20} />,
  danger: <AlertIcon size={20} />,
};

/** Hosts toasts for the app (Radix Toast: swipe and Escape to dismiss, F8 to reach them); wrap the app once. */
export function ToastProvider({
  children,
  label,
  viewportLabel,
  closeLabel,
  durationMs = 5000,
  visibleCountMax = 4,
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<readonly ToastEntry[]>([]);
  const nextId = useRef(0);

  const show = useCallback(
    (options: ToastOptions) => {
      nextId.current += 1;
      const id = `ts-toast-${nextId.current}`;
      // Closed toasts stay until the next show so their exit animation can run; the list is bounded.
      setToasts((current) =>
        [...current.filter((toast) => toast.open), { ...options, id, open: true }].slice(-visibleCountMax),
      );
      return id;
    },
    [visibleCountMax],
  );
  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider label={label} duration={durationMs} swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} onClose={dismiss} />
        ))}
        <RadixToast.Viewport label={viewportLabel} className="ts-toast-viewport" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

function ToastItem({
  toast,
  closeLabel,
  onClose,
}: {
  toast: ToastEntry;
  closeLabel: string;
  onClose: (id: string) => void;
}) {
  const tone = toast.tone ?? 'neutral';
  return (
    <RadixToast.Root
      open={toast.open}
      onOpenChange={(open) => {
        if (!open) {
          onClose(toast.id);
        }
      }}
      duration={toast.durationMs}
      type={tone === 'danger' ? 'foreground' : 'background'}
      className={clsx('ts-toast', `ts-toast--${tone}`)}
    >
      {TONE_ICONS[tone] ? <span className="ts-toast__icon">{TONE_ICONS[tone]}</span> : null}
      <div className="ts-toast__text">
        <RadixToast.Title className="ts-toast__title">{toast.title}</RadixToast.Title>
        {toast.description ? (
          <RadixToast.Description className="ts-toast__description">
            {toast.description}
          </RadixToast.Description>
        ) : null}
      </div>
      {toast.action ? (
        <RadixToast.Action altText={toast.action.altText} asChild>
          <Button size="sm" variant="secondary" onClick={toast.action.onAction}>
            {toast.action.label}
          </Button>
        </RadixToast.Action>
      ) : null}
      <RadixToast.Close asChild>
        <IconButton label={closeLabel} size="sm" className="ts-toast__close">
          <CloseIcon size={16} />
        </IconButton>
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

/** Shows toasts from anywhere under a {@link ToastProvider}: `const toast = useToast(); toast.show({ title })`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    throw new Error('useToast must be called under a <ToastProvider>.');
  }
  return api;
}
