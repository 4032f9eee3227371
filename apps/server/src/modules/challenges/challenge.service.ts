import { createHash, randomBytes } from 'node:crypto';
import { percentileForRank } from '@quizcast/contract/domain/percentile';
import { apiUrl, API_PATHS } from '@quizcast/contract/routes';
import { initialsOf } from '@quizcast/contract/schemas/account';
import {
  CHALLENGE_MESSAGES,
  CHALLENGE_RULES,
  type ChallengeCard,
  type MyChallenge,
} from '@quizcast/contract/schemas/challenge';
import { forbidden, notFound, serviceUnavailable } from '../../lib/http-error';
import type { CardPool } from '../../lib/card-pool';
import { TtlCache } from '../../lib/ttl-cache';
import { countMarks, markableQuestion, markAttempt, maximumScore } from '../marking/marking';
import { cardSvg, type CardContent } from './card-svg';
import type { ChallengeRepository, LinkRow, TopicQuestionRow } from './challenge.repository';

/** A drawn card is kept this long, by the hash of its SVG (so any change to the result draws anew). */
const IMAGE_CACHE_MS = 10 * 60_000;
const IMAGE_CACHE_SIZE = 300;
/** A published quiz's questions (for topic bars), by quiz and results version. */
const QUESTIONS_CACHE_MS = 60_000;

const newCode = () => randomBytes(16).toString('base64url');

/** The name a card shows: initials, unless the learner chose to show their name and not initials only. */
export function cardLearnerName(link: Pick<LinkRow, 'name' | 'initialsOnly' | 'showName'>): string {
  return link.showName && !link.initialsOnly ? link.name : initialsOf(link.name);
}

/** Per topic: right answers of the learner and live questions, the topics with most questions first. */
export function topicBars(questions: TopicQuestionRow[], link: LinkRow): CardContent['topics'] {
  const marks = markAttempt(questions.map(markableQuestion), link.answers, {
    correct: link.markCorrect,
    wrong: link.markWrong,
  });
  const byTopic = new Map<string, { correct: number; total: number }>();
  questions.forEach((q, i) => {
    if (!q.topic || q.droppedAt) return;
    const entry = byTopic.get(q.topic) ?? { correct: 0, total: 0 };
    entry.total += 1;
    entry.correct += countMarks([marks.answers[i]!]).correct;
    byTopic.set(q.topic, entry);
  });
  return [...byTopic.entries()]
    .sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0]))
    .slice(0, CHALLENGE_RULES.maxTopics)
    .map(([topic, v]) => ({ topic, ...v }));
}

export class ChallengeService {
  private readonly images = new TtlCache<Buffer>(IMAGE_CACHE_MS, IMAGE_CACHE_SIZE);
  private readonly questions = new TtlCache<Promise<TopicQuestionRow[]>>(QUESTIONS_CACHE_MS, 200);

  constructor(
    private readonly repo: ChallengeRepository,
    private readonly pool: () => CardPool,
  ) {}

  /** Creates (or keeps) my link for a quiz whose results are published and in which I am ranked. */
  async share(userId: string, quizId: string, showName: boolean): Promise<MyChallenge> {
    const result = await this.repo.findResult(userId, quizId);
    if (!result) throw notFound(CHALLENGE_MESSAGES.notAttended);
    if (!result.published || result.rank === null) throw forbidden(CHALLENGE_MESSAGES.notPublished);
    const code = await this.repo.upsert(userId, quizId, newCode(), showName);
    const link = await this.repo.findByCode(code);
    if (!link) throw notFound(CHALLENGE_MESSAGES.notFound);
    return this.mine(link);
  }

  async listMine(userId: string): Promise<MyChallenge[]> {
    const links = await this.repo.findMine(userId);
    const shown = links.filter((l) => this.isPublic(l));
    return Promise.all(shown.map((l) => this.mine(l)));
  }

  async withdraw(userId: string, code: string): Promise<void> {
    if (!(await this.repo.delete(userId, code))) throw notFound(CHALLENGE_MESSAGES.notFound);
  }

  /** The public card of a link: 404 when it was withdrawn, never existed or is not shown any more. */
  async card(code: string): Promise<ChallengeCard> {
    const link = await this.repo.findByCode(code);
    if (!link || !this.isPublic(link)) throw notFound(CHALLENGE_MESSAGES.notFound);
    return this.cardOf(link);
  }

  /** The card's preview image (PNG), drawn off the main thread and kept by its SVG's hash. */
  async image(code: string): Promise<{ png: Buffer; etag: string }> {
    const card = await this.card(code);
    const svg = cardSvg(card);
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
    const cached = this.images.get(etag);
    if (cached) return { png: cached, etag };
    const reply = await this.pool().render(svg);
    if (!reply.ok) throw serviceUnavailable(`The preview could not be drawn: ${reply.error}`, 5);
    const png = Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
    this.images.set(etag, png);
    return { png, etag };
  }

  /** The SVG source of a card (tests compare its text with the result). */
  async svg(code: string): Promise<string> {
    return cardSvg(await this.card(code));
  }

  private isPublic(link: LinkRow): boolean {
    return !link.deleted && link.resultsPublishedAt !== null && link.rank !== null && link.score !== null;
  }

  private async topicQuestions(link: LinkRow): Promise<TopicQuestionRow[]> {
    const key = `${link.quizId}:${link.resultsVersion}`;
    let found = this.questions.get(key);
    if (!found) {
      found = this.repo.findTopicQuestions(link.quizId);
      found.catch(() => this.questions.delete(key));
      this.questions.set(key, found);
    }
    return found;
  }

  private async cardOf(link: LinkRow): Promise<ChallengeCard> {
    const rank = link.rank!;
    const questions = await this.topicQuestions(link);
    const total = Math.max(link.participantCount ?? rank, rank);
    return {
      code: link.code,
      quizId: link.quizId,
      quizName: link.quizName,
      learner: cardLearnerName(link),
      score: link.score!,
      maxScore: maximumScore(
        questions.map((q) => ({ ...markableQuestion(q), section: q.section })),
        { correct: link.markCorrect, wrong: link.markWrong },
        link.sections,
      ),
      rank,
      totalParticipants: total,
      percentile: percentileForRank(rank, total),
      topics: topicBars(questions, link),
      lang: link.lang ?? 'en',
      imageUrl: apiUrl(API_PATHS.challengeImage, { code: link.code }),
    };
  }

  private async mine(link: LinkRow): Promise<MyChallenge> {
    return {
      ...(await this.cardOf(link)),
      createdAt: link.createdAt.toISOString(),
      showName: link.showName && !link.initialsOnly,
    };
  }
}
