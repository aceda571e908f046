/** The chat keeps at least this width beside the contact drawer: a 300 px message box and its buttons. */
export const MinChatWidth = 340;
