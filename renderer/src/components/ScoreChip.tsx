import { scoreBand, scoreText } from './match-score';
import './match.css';

/** A match's percentage, coloured by its band; screen readers hear the band's name too. */
export function ScoreChip({ score, testId = 'tm-score' }: { score: number; testId?: string }) {
  const { chip, label } = scoreText(score);
  return (
    <span className={`tm-score tm-score-${scoreBand(score)}`} title={label} data-testid={testId}>
      <span aria-hidden="true">{chip}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
