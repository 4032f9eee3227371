/**
 * The tests' push service on loopback: the server's own stand-in (src/providers/push/push-stand-in.ts,
 * also run by `npm start` in development), with a fresh certificate per test run.
 */
export {
  decryptAes128gcm,
  PushServiceStandIn,
  type Behaviour,
  type ReceivedPush,
  type StandInSubscriptionKeys as TestSubscription,
} from '../src/providers/push/push-stand-in';
