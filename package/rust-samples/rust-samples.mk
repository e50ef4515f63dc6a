################################################################################
#
# rust-samples
#
################################################################################

RUST_SAMPLES_VERSION = 1.0
RUST_SAMPLES_SITE = $(BR2_EXTERNAL_RUST_FOR_LINUX_PATH)/package/rust-samples/src
RUST_SAMPLES_SITE_METHOD = local
RUST_SAMPLES_LICENSE = GPL-2.0

# The samples are Rust modules. build_assert! must fail the build
# when the optimiser cannot prove it, so the escape hatch stays off.
define RUST_SAMPLES_LINUX_CONFIG_FIXUPS
	$(call KCONFIG_ENABLE_OPT,CONFIG_RUST)
	$(call KCONFIG_DISABLE_OPT,CONFIG_RUST_BUILD_ASSERT_ALLOW)
endef

# The boot-time checks: an init script and the test command it runs.
define RUST_SAMPLES_INSTALL_ROOTFS
	cp -dpfR $(RUST_SAMPLES_PKGDIR)/rootfs/. $(TARGET_DIR)/
endef
RUST_SAMPLES_POST_INSTALL_TARGET_HOOKS += RUST_SAMPLES_INSTALL_ROOTFS

# The C helpers of the target's scripts (src/tools/): rust-samples-bench's
# timings, and with the stress tests their loops. The stress tests also
# build the two broken modules that only rust-samples-catch loads (see
# src/Kbuild).
RUST_SAMPLES_TOOLS = rust-samples-measure

ifeq ($(BR2_PACKAGE_RUST_SAMPLES_STRESS),y)
RUST_SAMPLES_TOOLS += rust-samples-fault
RUST_SAMPLES_MODULE_MAKE_OPTS += RUST_SAMPLES_BROKEN=m

define RUST_SAMPLES_INSTALL_STRESS
	$(INSTALL) -D -m 0755 $(RUST_SAMPLES_PKGDIR)/stress/rust-samples-stress \
		$(TARGET_DIR)/usr/bin/rust-samples-stress
	$(INSTALL) -D -m 0755 $(RUST_SAMPLES_PKGDIR)/stress/rust-samples-catch \
		$(TARGET_DIR)/usr/bin/rust-samples-catch
endef
RUST_SAMPLES_POST_INSTALL_TARGET_HOOKS += RUST_SAMPLES_INSTALL_STRESS
endif

define RUST_SAMPLES_BUILD_CMDS
	$(foreach t,$(RUST_SAMPLES_TOOLS),\
		$(TARGET_CC) $(TARGET_CFLAGS) $(TARGET_LDFLAGS) -Wall -Wextra \
			-o $(@D)/tools/$(t) $(@D)/tools/$(t).c$(sep))
endef

define RUST_SAMPLES_INSTALL_TOOLS
	$(foreach t,$(RUST_SAMPLES_TOOLS),\
		$(INSTALL) -D -m 0755 $(@D)/tools/$(t) $(TARGET_DIR)/usr/bin/$(t)$(sep))
endef
RUST_SAMPLES_POST_INSTALL_TARGET_HOOKS += RUST_SAMPLES_INSTALL_TOOLS

$(eval $(kernel-module))
$(eval $(generic-package))
