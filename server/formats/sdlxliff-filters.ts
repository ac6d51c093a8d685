/** SDLXLIFF confirmation filter (API.md 5, SDLXLIFFFilter). */
export interface SdlxliffFilter {
  confName: 'Translated' | 'Draft' | 'ApprovedTranslation' | 'Locked' | 'SignedOff';
  allowablePercentage?: number;
  allowUnlockedSegments?: boolean;
}

/** Trados Studio's segment definition (`<sdl:seg>`). */
export interface SdlSeg {
  conf: string | null;
  percent: number | null;
  isLocked: boolean;
}

const CONFIRMED = new Set(['Translated', 'ApprovedTranslation', 'ApprovedSignOff']);
const CONF_NAMES: Record<SdlxliffFilter['confName'], string> = {
  Translated: 'Translated',
  Draft: 'Draft',
  ApprovedTranslation: 'ApprovedTranslation',
  SignedOff: 'ApprovedSignOff',
  Locked: '',
};

/**
 * Whether an SDLXLIFF segment is imported. Without filters: confirmed segments (Translated,
 * ApprovedTranslation, ApprovedSignOff). With filters, any one must pass: its `confName` matches
 * the segment's confirmation level (`Locked`: the segment is locked, whatever its level;
 * `SignedOff`: ApprovedSignOff), a segment with a match `percent` has at least
 * `allowablePercentage`, and `allowUnlockedSegments: false` takes locked segments only.
 */
export function passesSdlFilters(seg: SdlSeg | undefined, filters: SdlxliffFilter[]): boolean {
  if (!seg) return false;
  if (filters.length === 0) return seg.conf !== null && CONFIRMED.has(seg.conf);
  return filters.some((filter) => {
    const isLevel =
      filter.confName === 'Locked' ? seg.isLocked : seg.conf === CONF_NAMES[filter.confName];
    const isEnough =
      filter.allowablePercentage === undefined ||
      seg.percent === null ||
      seg.percent >= filter.allowablePercentage;
    const isLockOk = filter.allowUnlockedSegments !== false || seg.isLocked;
    return isLevel && isEnough && isLockOk;
  });
}
