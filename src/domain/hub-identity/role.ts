/** Membership roles of the hub (spec part 2). */
export const ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'CLIENT'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * Every permission the hub knows. The spec leaves the role mapping open; CONTRACT 5.2 gives OWNER and
 * ADMIN "all permissions", which is this list: every resource of the hub with read and edit.
 */
const HUB_RESOURCES = [
  'leads',
  'inbox',
  'channels',
  'templates',
  'pipelines',
  'campaigns',
  'sessions',
  'members',
  'organization',
] as const;
export const ALL_PERMISSIONS: readonly string[] = HUB_RESOURCES.flatMap((resource) => [
  `${resource}:read`,
  `${resource}:edit`,
]);

/** CONTRACT 5.2. */
export const MEMBER_PERMISSIONS: readonly string[] = [
  'leads:read',
  'leads:edit',
  'inbox:read',
  'inbox:edit',
  'channels:read',
  'templates:read',
  'pipelines:read',
];

/** `resource:action`, lower case (spec part 2). */
const PERMISSION_PATTERN = /^[a-z][a-z_-]*:[a-z][a-z_-]*$/;
export const isPermission = (value: string): boolean => PERMISSION_PATTERN.test(value);

/**
 * The permissions a membership grants, resolved at login and at every refresh (so a role change shows
 * at the next refresh). CLIENT has only what was stored for that membership.
 */
export function resolvePermissions(role: Role, storedPermissions: readonly string[]): readonly string[] {
  switch (role) {
    case 'OWNER':
    case 'ADMIN':
      return ALL_PERMISSIONS;
    case 'MEMBER':
      return MEMBER_PERMISSIONS;
    case 'CLIENT':
      return [...new Set(storedPermissions)];
  }
}
