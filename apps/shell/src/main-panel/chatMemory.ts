import { create } from 'zustand';

export type PanelTab = 'general' | 'notes' | 'tasks' | 'products';

export interface ChatMemory {
  /** Undefined until this chat's deal is known (from the last selected deal, or a choice). */
  dealId?: string | null;
  tab: PanelTab;
}

interface ChatMemoryState {
  byChat: Record<string, ChatMemory>;
  remember: (chatKey: string, patch: Partial<ChatMemory>) => void;
}

/**
 * What each chat had on screen, so switching away and back restores its deal and tab
 * (attendants switch chats all day). Lives as long as the panel page.
 */
export const useChatMemoryStore = create<ChatMemoryState>((set) => ({
  byChat: {},
  remember: (chatKey, patch) =>
    set((state) => ({
      byChat: {
        ...state.byChat,
        [chatKey]: { ...(state.byChat[chatKey] ?? { tab: 'general' }), ...patch },
      },
    })),
}));

export function useChatMemory(chatKey: string): ChatMemory {
  return useChatMemoryStore((state) => state.byChat[chatKey]) ?? { tab: 'general' };
}
