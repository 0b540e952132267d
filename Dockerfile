# Hound: one image for the API (`npm start`) and workers (`npm run worker`), built with exactly the commands
# CI runs. Not built on the project's CI machine (no base-image registry there): see docs/deploy.md §8.
FROM node:20-bookworm-slim
RUN mkdir -p /opt/hound /data && chown node:node /opt/hound /data
WORKDIR /opt/hound
# The image's unprivileged `node` user owns the checkout, so npm scripts may write their build output.
USER node
COPY --chown=node:node . .
RUN npm install && npm run build
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
EXPOSE 3000
CMD ["npm", "start"]
