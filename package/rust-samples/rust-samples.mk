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

$(eval $(kernel-module))
$(eval $(generic-package))
