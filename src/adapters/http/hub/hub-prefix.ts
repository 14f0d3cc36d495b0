/**
 * Every hub path starts here (spec hub-service.md); its own module so route modules and hub-app.ts can share it without
 * a cycle.
 */
export const HUB_PREFIX = '/api/v1';
