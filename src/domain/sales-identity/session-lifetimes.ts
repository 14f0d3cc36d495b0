/** Spec part 8 constants. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** 32 random bytes: API keys (64 hex characters, spec part 2), refresh and reset tokens. */
export const SECRET_BYTES = 32;
