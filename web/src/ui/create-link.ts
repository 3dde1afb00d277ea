import { create } from 'zustand';

/**
 * The Create New URL modal can be opened from the sidebar on any screen; screens that list
 * links reload when `created` changes.
 */
export const useCreateLink = create<{ open: boolean; created: number; setOpen(open: boolean): void; markCreated(): void }>((set) => ({
  open: false,
  created: 0,
  setOpen: (open) => set({ open }),
  markCreated: () => set((state) => ({ created: state.created + 1 })),
}));
