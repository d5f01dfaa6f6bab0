/**
 * A WhatsApp "click to chat" link with a prepared message and no recipient: WhatsApp (the app on
 * a phone, WhatsApp Web elsewhere) lets the person choose whom to send it to. No API, no account.
 */
export const whatsAppShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;
