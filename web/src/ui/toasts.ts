import { create } from 'zustand';

type ToastTone = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

/** Toasts last 5 seconds unless a screen says otherwise (docs/web-app.md#messages-and-toasts). */
const DEFAULT_TOAST_MS = 5000;

interface ToastState {
  toasts: Toast[];
  push(toast: Omit<Toast, 'id'>, durationMs?: number): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push(toast, durationMs = DEFAULT_TOAST_MS) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { ...toast, id }] });
    setTimeout(() => get().dismiss(id), durationMs);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));

export const toast = (title: string, tone: ToastTone = 'success', description?: string) =>
  useToasts.getState().push(description === undefined ? { title, tone } : { title, tone, description });
