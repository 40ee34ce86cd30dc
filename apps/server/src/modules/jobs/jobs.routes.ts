import { msg } from '@zema/contracts';
import { jobs } from '@zema/contracts/jobs/jobs.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { NotFoundError } from '#src/lib/errors';

const FAILED_SHOWN = 100;

/** The admin's view of the job queues: counts, failed jobs and their errors, retry. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { engine } = app.deps.jobs;

  defineRoute(app, jobs.listQueues, async () => ({
    engine: engine.kind,
    queues: (await engine.overview()).sort((a, b) => a.name.localeCompare(b.name)),
  }));

  defineRoute(app, jobs.listFailed, async (request) => {
    const data = await engine.failed(request.params.queue, FAILED_SHOWN);
    if (!data) throw new NotFoundError(msg('There is no such queue.'));
    return { data };
  });

  defineRoute(app, jobs.retryFailed, async (request) => {
    const { queue, id } = request.params;
    if (!(await engine.retry(queue, id))) throw new NotFoundError(msg('There is no such failed job.'));
    return { message: msg('The job is back in its queue.') };
  });
};
