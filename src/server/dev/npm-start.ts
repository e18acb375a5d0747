// What `npm start` runs beside the service in development: the demo's third-party library app (a connected app on
// its own origin that signs in with Westlight), the demo university's RBAC policy and organization URL template when
// none is configured, and the lines that tell a newcomer where the dev tools are. main.ts reaches this only through
// dev-tools.ts.
import { DEV_PROJECT_SECRET } from '../constants/backend-api.ts';
import { DEFAULT_PROJECT_ID } from '../constants/project.ts';
import type { DevCompanions } from '../dev-tools.ts';
import type { ListenOptions } from '../listen.ts';
import { DEMO_ORGANIZATION_URL_TEMPLATE } from './constants.ts';
import { DEMO_RBAC_POLICY } from './demo-policy.ts';
import { DEV_INBOX_PATH } from './inbox-routes.ts';
import { startLibraryApp, type LibraryApp } from './library-app.ts';

/** `processes` is SERVICE_PROCESSES: the library app starts only beside a single process. */
export async function startDevCompanions(options: ListenOptions, processes: number): Promise<DevCompanions> {
  // One demo app per service: in a group of processes each would start its own copy with its own registration.
  const library: LibraryApp | null =
    processes === 1 ? await startLibraryApp({ hostname: options.hostname, port: libraryPort(options.port) }) : null;
  return {
    options: {
      ...options,
      ...(library ? { connectedApps: [...(options.connectedApps ?? []), library.registration] } : {}),
      rbacPolicy: options.rbacPolicy ?? DEMO_RBAC_POLICY,
      organizationUrlTemplate: options.organizationUrlTemplate ?? DEMO_ORGANIZATION_URL_TEMPLATE,
    },
    connect: (url) => library?.connect(url),
    startLines: (url) => [
      `Dev inbox (every email the service sends): ${url}${DEV_INBOX_PATH}`,
      ...(library ? [`Third-party demo app (Sign in with Westlight): ${library.origin}`] : []),
      // PROJECT_SECRET when set (it is the developer's own); else the public development secret.
      `Backend API (your server's calls, README "Verify sessions on your server"): ${url}/v1/... with HTTP Basic ` +
        `${options.projectId ?? DEFAULT_PROJECT_ID}:${options.projectSecret ? '<PROJECT_SECRET>' : DEV_PROJECT_SECRET}`,
    ],
    close: async () => library?.close(),
  };
}

/** The demo app listens next to the service: PORT + 1 when PORT is fixed, any free port when it is 0. */
function libraryPort(port: number | undefined): number {
  return port ? port + 1 : 0;
}
