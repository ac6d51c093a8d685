export { segmentSentences } from './segment-sentences';
