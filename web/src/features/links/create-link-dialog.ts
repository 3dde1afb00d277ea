import { create } from 'zustand';

/** Whether the Create New URL dialog is open: the sidebar opens it on any screen, the dashboard too. */
export const useCreateLink = create<{ open: boolean; setOpen(open: boolean): void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
