// The demo university's RBAC policy (`npm start` only, when none is configured): instructors publish grades, and a
// connected app may ask for that as the custom scope `grades:publish`. A student has no role, so the consent page
// lists that scope under what they cannot grant (widget spec section 6).
import type { RbacPolicy } from '../../api/bootstrap.ts';

export const DEMO_RBAC_POLICY: RbacPolicy = {
  roles: [
    {
      role_id: 'instructor',
      description: 'Teaches courses and publishes their grades',
      permissions: [{ resource_id: 'grades', actions: ['read', 'publish'] }],
    },
  ],
  resources: [{ resource_id: 'grades', description: 'Course grades', actions: ['read', 'publish'] }],
  scopes: [
    {
      scope: 'grades:publish',
      description: 'Publish grades for the courses you teach',
      permissions: [{ resource_id: 'grades', actions: ['publish'] }],
    },
  ],
};
