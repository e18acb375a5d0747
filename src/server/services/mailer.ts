// Sending lives in src/server/delivery/; the services import it from here.
export { deliver } from '../delivery/deliver.ts';
