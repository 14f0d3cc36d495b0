/** Unknown, or another user's (CONTRACT 8.4: never revealed as existing). */
export type ChatSessionNotFound = { readonly _tag: 'ChatSessionNotFound' };
/** No model is configured (AI_API_URL, AI_MODEL). */
export type AiNotConfigured = { readonly _tag: 'AiNotConfigured' };
/** The model failed or did not answer in time; the user's message is stored. */
export type AiUnavailable = { readonly _tag: 'AiUnavailable' };
