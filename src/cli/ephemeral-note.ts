/** Printed by the account and key commands when MONGODB_URI is unset: what they wrote is already gone. */
export const EPHEMERAL_NOTE = 'Note: MONGODB_URI is not set, so this ran against a throw-away embedded MongoDB; set it to keep the result.';
