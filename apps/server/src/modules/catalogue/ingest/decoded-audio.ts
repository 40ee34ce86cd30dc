/** What a streaming decoder gives, chunk by chunk: planar float samples (decoders.ts, wav.ts). */
export type DecodedAudio = {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
  /** Frames the decoder could not decode in this chunk. */
  errors: number;
};

export interface StreamDecoder {
  decode(chunk: Uint8Array): Promise<DecodedAudio>;
  /** What the decoder still holds at the end of the stream. */
  flush(): Promise<DecodedAudio>;
  free(): void;
}
