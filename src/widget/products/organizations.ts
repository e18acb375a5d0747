// What the organization (B2B) products share (discovery, single sign-on, MFA): the organization client the element's
// headless client stands for, the step that gets a member's first factor and where that leads, and the events of their
// shared screen parts (organization-screens.tsx). Imported only by those products' chunks, so no byte of it is in the
// entry or a consumer product's chunk.
//
// For an organization sign-in the element makes the organization client (`createB2BClient`, its calls named as the
// hosted provider's organization client names them) instead of the consumer one (element/client.ts), and the products
// use it as it is; given a consumer client, they make an organization client for it here, once, from the same token
// and service.
import { sendParent, type EventObject } from 'xstate';
import type { MemberAuthenticateResponse } from '../../api/organizations.ts';
import { createB2BClient } from '../../client/b2b.ts';
import type { AuthClient, B2BClient } from '../../client/types.ts';
import type { ResolvedConfig } from '../config.ts';
import type { ErrorDescriptor } from '../machine/types.ts';
import { removeTokenFromUrl } from '../machine/url-token.ts';
import { namedWidgetEvent, type WidgetEventName } from './kit.ts';
import type { ProductOutput, ProductToRootEvent } from './types.ts';

const organizationClients = new WeakMap<AuthClient, B2BClient>();

/**
 * The organization client the element's client is (one with these calls), or one made for a consumer client on the
 * first call, with the same token and service, and destroyed with it (its timers and listeners end when the element's
 * do).
 */
export function organizationClient(client: AuthClient | B2BClient): B2BClient {
  if ('totp' in client) return client;
  let organization = organizationClients.get(client);
  if (!organization) {
    const made = createB2BClient({ publicToken: client.publicToken, baseUrl: client.baseUrl });
    const destroy = client.destroy.bind(client);
    client.destroy = () => {
      made.destroy();
      destroy();
    };
    organizationClients.set(client, made);
    organization = made;
  }
  return organization;
}

/**
 * Where a first factor (a discovered organization's exchange, a new organization, a single sign-on) leads: signed in,
 * or, when the organization's MFA policy or the member's enrolment asks for a second factor, the MFA screens with the
 * first factor's answer (their start parameters).
 */
export function afterFirstFactor(response: MemberAuthenticateResponse): ProductOutput {
  return response.member_authenticated
    ? { to: 'success' }
    : { to: 'product', product: 'mfa', params: { primary: response } satisfies SecondFactorStart };
}

/** What the single sign-on product starts with to send the visitor to one connection's identity provider. */
export interface SingleSignOnStart {
  connectionId: string;
}

/** An organization that admits its members only through its single sign-on: that product starts it. */
export function toSingleSignOn(connectionId: string): ProductOutput {
  return { to: 'product', product: 'sso', params: { connectionId } satisfies SingleSignOnStart };
}

/** What the address's form of the organization screens (organization-screens.tsx) sends its product's machine. */
export type EmailFormEvent = { type: 'EMAIL_CHANGED'; email: string } | { type: 'SUBMIT' };

/** What a connection's button of the organization screens (organization-screens.tsx) sends: the connection picked. */
export type ConnectionChosenEvent = { type: 'CHOOSE'; connectionId: string };

/** What the MFA product starts with: the first factor's answer (member, organization, what MFA asks). */
export interface SecondFactorStart {
  primary: MemberAuthenticateResponse;
}

// ---- The first factor's states ----
//
// Each organization product has a step whose call's answer is the member's first factor (a link's or an identity
// provider's token, an organization's exchange or creation): it reports the answer, keeps it, and ends signed in (or on
// to the MFA screens), or is refused with the call's error. Written once here, as url-token-states.ts writes the
// consumer products' token states: XState types an action made by `assign` or `sendParent` by the machine it runs in,
// so the states hold only plain functions and names, and the product's `setup` provides what the names stand for,
// checked by tsc where the states are used: `reportFirstFactor: reportFirstFactor()`, its own `setCallError` and
// `reportError`, and `setPrimary: assign({ primary: (_, params: FirstFactorAnswer) => params.response })` (an
// `assign` made here for any context that has `primary` cannot be typed as assigning that machine's `primary`).

/** What the first factor's states read of the product's context. */
export interface FirstFactorContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** The first factor's answer, once the call has given it. */
  primary: MemberAuthenticateResponse | null;
  errorDescriptor: ErrorDescriptor | null;
}

/**
 * The params of `setPrimary` and `reportFirstFactor`: the call's answer, and the name of the widget event that reports
 * it (looked up when it is sent: kit.ts `namedWidgetEvent`).
 */
export interface FirstFactorAnswer {
  event: WidgetEventName;
  response: MemberAuthenticateResponse;
}

/**
 * The product's `reportFirstFactor` action: the answer's widget event, sent to the root. Called as the value of that
 * key where the product's `setup` lists its actions, which gives it that machine's types.
 */
export function reportFirstFactor<TContext extends FirstFactorContext, TEvent extends EventObject>() {
  return sendParent<TContext, TEvent, FirstFactorAnswer, ProductToRootEvent, TEvent>((_, params) =>
    namedWidgetEvent(params.event, params.response),
  );
}

/**
 * The `invoke` of a step whose call answers with the first factor: `src` called with the client, the product's own
 * fields (`input`) and the session's duration; its answer kept and reported as `event`, then `signedIn`; a refusal
 * goes to `refused` with the call's error, reported. A token the page was opened with (`fromUrl`) leaves the address
 * bar either way.
 */
export function firstFactorInvoke<
  const Src extends string,
  TContext extends FirstFactorContext,
  Fields extends object,
  const Refused extends string,
>(step: {
  src: Src;
  input: (context: TContext) => Fields;
  event: WidgetEventName;
  refused: Refused;
  fromUrl?: boolean;
}) {
  const leaveUrl = step.fromUrl ? [removeTokenFromUrl] : [];
  const answer = ({ event }: { event: { output: MemberAuthenticateResponse } }): FirstFactorAnswer => ({
    event: step.event,
    response: event.output,
  });
  return {
    src: step.src,
    input: ({ context }: { context: TContext }) => ({
      client: context.client,
      ...step.input(context),
      sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
    }),
    onDone: {
      target: 'signedIn',
      actions: [...leaveUrl, { type: 'setPrimary', params: answer }, { type: 'reportFirstFactor', params: answer }],
    },
    onError: { target: step.refused, actions: [...leaveUrl, 'setCallError', 'reportError'] },
  } as const;
}

/** A member now: signed in, or on to the MFA screens when the organization asks for a second factor. */
export const signedInFinal = {
  type: 'final',
  output: ({ context }: { context: FirstFactorContext }) => afterFirstFactor(context.primary!),
} as const;

/** The Error screen with the step's error (the call's, kept by `setCallError`). */
export const errorFinal = {
  type: 'final',
  output: ({ context }: { context: FirstFactorContext }): ProductOutput => ({
    to: 'error',
    error: context.errorDescriptor ?? {},
  }),
} as const;
