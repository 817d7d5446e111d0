// The types of vendor/trystero.js, which build.py vendors from the pinned
// @trystero-p2p/nostr (sitebuild/rooms.py): only what the room page uses.
// Only the type checker reads this file.

export type Action = {
  send(data: string, options?: { target?: string | string[] }): Promise<void>;
  onMessage: ((data: unknown, context: { peerId: string }) => void) | null;
  /** called for each chunk received, before the message is whole: the share the sender says it has sent (0-1] */
  onReceiveProgress: ((progress: number, context: { peerId: string }) => void) | null;
};
export type Room = {
  makeAction(namespace: string): Action;
  leave(): Promise<void>;
  getPeers(): Record<string, RTCPeerConnection>;
  onPeerJoin: ((peerId: string) => void) | null;
  onPeerLeave: ((peerId: string) => void) | null;
};
export type RoomConfig = {
  appId: string;
  password?: string;
  relayConfig?: { urls?: string[]; redundancy?: number };
  rtcConfig?: RTCConfiguration;
};
export function joinRoom(
  config: RoomConfig,
  roomId: string,
  callbacks?: { onJoinError?: (details: { error: string; peerId: string }) => void },
): Room;
export const selfId: string;
export function getRelaySockets(): Record<string, WebSocket>;
